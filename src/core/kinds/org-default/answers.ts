// What an org defaults write's answer proves: the service answers the organization's Git
// configuration write with the whole configuration after it (api-spec), so apply's own-result
// check takes the org defaults from its last answer instead of reading them again.

import type { OrgConfigResponse } from '../../../contract/git-types.js';
import type { DesiredConfig } from '../../model.js';
import type { LiveSnapshot } from '../../snapshot.js';
import type { AnswerLedger, KindAnswers } from '../kind.js';

const WRITE = 'PATCH /api/v1/git/config';

/** The last answer of the organization's Git configuration; none when its last write failed or was lost. */
class OrgDefaultAnswers implements AnswerLedger {
  private config: OrgConfigResponse | undefined;

  answered(_path: string, body: unknown): void {
    this.config = body as OrgConfigResponse | undefined;
  }

  failed(): void {
    this.config = undefined;
  }

  unshown(config: DesiredConfig): DesiredConfig {
    return this.config === undefined ? config : { ...config, git: { ...config.git, defaults: {} } };
  }

  land(after: LiveSnapshot): void {
    if (this.config !== undefined) after.orgConfig = this.config;
  }
}

export const orgDefaultAnswers: KindAnswers = {
  carries: (route) => route === WRITE,
  ledger: () => new OrgDefaultAnswers(),
};
