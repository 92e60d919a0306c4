// A plan in the format asked for (plan, show): the text a person reads, the versioned JSON (also
// the saved plan file), or Markdown for a pull-request comment.

import type { Plan } from '../core/plan-model.js';
import type { PlanFormat } from './formats.js';
import { renderPlanJson } from './json.js';
import { renderPlanMarkdown } from './markdown.js';
import type { Style } from './style.js';
import { renderPlanText } from './text.js';

export function renderPlanAs(plan: Plan, format: PlanFormat, style: Style): string {
  switch (format) {
    case 'text':
      return renderPlanText(plan, style);
    case 'json':
      return renderPlanJson(plan);
    case 'markdown':
      return renderPlanMarkdown(plan);
  }
}
