// The formats a plan is shown in (plan, show, drift): named apart from the renderers so that the
// command line can offer them without loading any.

export type PlanFormat = 'text' | 'json' | 'markdown';
export const PLAN_FORMATS: readonly PlanFormat[] = ['text', 'json', 'markdown'];
