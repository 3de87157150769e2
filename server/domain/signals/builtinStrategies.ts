import type { Kysely } from 'kysely';
import { StrategyBody } from '../../../contract/signals/strategy-body';
import { isUniqueViolation } from '../../store/repositories/marketLists';
import { strategiesRepository } from '../../store/repositories/strategies';
import type { Database } from '../../store/schema';
import { BUILTIN_STRATEGIES } from './strategy/builtins';

/**
 * Writes each built-in strategy that was never written, by its seed key. A built-in that exists
 * is left exactly as it is (an admin may have renamed or re-tuned it), and one an admin deleted
 * stays deleted: a restart undoes neither. The description carries both languages, Persian first, one per line, since a
 * strategy has one description field.
 */
export async function seedBuiltinStrategies(db: Kysely<Database>) {
  for (const seed of BUILTIN_STRATEGIES) {
    if (await strategiesRepository.builtinKnown(db, seed.key)) continue;
    const body = StrategyBody.parse(seed.body);
    try {
      await db.transaction().execute((trx) =>
        strategiesRepository.insert(trx, {
          owner_id: null,
          builtin_key: seed.key,
          name: seed.name,
          description: `${seed.description.fa}\n${seed.description.en}`,
          timeframe: seed.timeframe,
          body,
          now: Date.now(),
        }),
      );
    } catch (error) {
      // Another process seeding the same database at the same moment got there first.
      if (!isUniqueViolation(error)) throw error;
    }
  }
}
