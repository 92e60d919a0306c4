// The output formats of a measurements request: a module of its own, so the command line can offer
// them (shell completion) without loading the request checks.

export const OUTPUT_FORMATS = ['table', 'csv', 'json', 'markdown', 'chart', 'html'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The formats of `emctl goals` (DESIGN.md section 12): the digest as text, Markdown or versioned JSON. */
export const GOAL_FORMATS = ['text', 'json', 'markdown'] as const;
export type GoalFormat = (typeof GOAL_FORMATS)[number];
