// Loads one config in a process of its own and prints, as its last line, the errors and what the
// load did and cost: its work in counts (the loader's own), the process's peak RSS, and its CPU
// time, which only bench/yaml-bounds.mjs prints (a test asserts counts and bytes, never a time).
import { errorCount, loadConfig, loadWork, formatDiagnostic } from '../../../dist/config/index.js';
import { CONFIG_CHECKS } from '../../../dist/workflows/config-checks.js';

const result = await loadConfig(process.argv[2], CONFIG_CHECKS);
const errors = result.diagnostics.filter((d) => d.severity === 'error');
const usage = process.resourceUsage();
console.log(
  JSON.stringify({
    accepted: result.config !== undefined,
    errorCount: errors.length,
    total: errorCount(errors),
    errors: errors.slice(0, 5).map(formatDiagnostic),
    last: errors.length > 0 ? formatDiagnostic(errors[errors.length - 1]) : undefined,
    work: loadWork,
    peakRssMb: Math.round(usage.maxRSS / 1024),
    cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
  }),
);
