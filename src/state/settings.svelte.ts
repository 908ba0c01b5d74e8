/** The rating options a user can change; `options` is what the worker receives. */
import type { LeaderboardOptions } from '../core/stats/leaderboard';

export class RatingSettings {
  anchorModel = $state('');
  anchorValue = $state(1000);
  ties = $state<'half' | 'davidson'>('half');
  rounds = $state(1000);
  seed = $state(0);

  options(models: readonly string[]): LeaderboardOptions {
    const anchored = this.anchorModel && models.includes(this.anchorModel) && Number.isFinite(this.anchorValue);
    return {
      bootstrapRounds: this.rounds,
      seed: Math.max(0, Math.floor(this.seed) || 0),
      ties: this.ties,
      ...(anchored ? { anchor: { model: this.anchorModel, value: this.anchorValue } } : {}),
    };
  }
}
