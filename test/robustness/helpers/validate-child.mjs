// Loads one config in a process of its own and prints, as its last line, the errors and what the
// load cost that process (peak RSS, CPU): a resource figure of one load, not a wall-clock one.
import { errorCount, loadConfig, formatDiagnostic } from '../../../dist/config/index.js';
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
    peakRssMb: Math.round(usage.maxRSS / 1024),
    cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
  }),
);
