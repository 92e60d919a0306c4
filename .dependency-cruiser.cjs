// The rooms of DESIGN.md section 5, bottom to top. A room imports only rooms on a lower level:
// never one above it, never a sibling on its own level. The feature rooms apply/, drift/ and
// export/ (the engines of those use cases) sit between the shells and workflows/.
const LEVELS = [
  ['contract'],
  ['api', 'core', 'output'],
  ['config', 'state', 'render', 'measure', 'emulator'],
  ['apply', 'drift', 'export'],
  ['workflows'],
  ['cli'],
];

const roomRules = LEVELS.flatMap((rooms, level) =>
  rooms.map((room) => {
    const allowed = LEVELS.slice(0, level).flat();
    return {
      name: `room-${room}`,
      comment: `src/${room}/ imports only rooms below it (${allowed.join(', ') || 'none'}): DESIGN.md section 5`,
      severity: 'error',
      from: { path: `^src/${room}/` },
      to: { path: '^src/', pathNot: [`^src/(${[room, ...allowed].join('|')})/`] },
    };
  }),
);

module.exports = {
  forbidden: [
    ...roomRules,
    {
      name: 'no-circular',
      comment: 'No import cycles between files (type-only imports included): DESIGN.md section 5',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'config-yaml-below-config',
      comment: 'src/config/yaml/ (text to placed data, located diagnostics) is the bottom of config/: it imports nothing else of config/',
      severity: 'error',
      from: { path: '^src/config/yaml/' },
      to: { path: '^src/config/', pathNot: '^src/config/yaml/' },
    },
    {
      name: 'contract-imports-nothing',
      comment: 'contract/ is what the service is: no package, no node:* module',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { pathNot: '^src/contract/' },
    },
    {
      name: 'core-is-pure',
      comment: 'core/ has no I/O: no node:* module, undici or yaml (DESIGN.md section 5)',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-io-packages',
      comment: 'core/ has no I/O: no node:* module, undici or yaml (DESIGN.md section 5)',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: 'node_modules/(undici|yaml)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
