// The render room's public face: pure string functions from a Plan (or an apply result) to text.

export { makeStyle, plainStyle, type Style } from './style.js';
export { renderPlanText, summaryLine, type PlanTextOptions } from './text.js';
export { renderPlanJson, parsePlanJson, PLAN_FORMAT_VERSION } from './json.js';
export { renderPlanMarkdown, DEFAULT_MAX_CHARS, type PlanMarkdownOptions } from './markdown.js';
export { renderApplySummary, renderDriftText, renderDriftMarkdown, type ApplyResult } from './results.js';
