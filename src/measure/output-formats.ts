// The output formats of a measurements request: a module of its own, so the command line can offer
// them (shell completion) without loading the request checks.

export const OUTPUT_FORMATS = ['table', 'csv', 'json', 'markdown', 'chart', 'html'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
