// @ts-check
// Preloaded into each process bench/startup.mjs spawns (`node --import`): at exit, the process's
// own CPU time (user + system, from its start) on stderr, which the bench reads back. A spawning
// process cannot read a child's CPU time in Node, and wall time on a shared machine is mostly
// other people's work.
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`\nbench-cpu-us ${user + system}\n`);
});
