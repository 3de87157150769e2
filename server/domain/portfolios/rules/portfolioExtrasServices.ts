import type { Kysely } from 'kysely';
import type { Database } from '../../../store/schema';
import type { MarketsService } from '../../markets/marketsService';
import { createMarkersService } from '../settings/markersService';
import { createPortfolioDataService } from '../settings/portfolioDataService';
import { createSettingsService } from '../settings/settingsService';
import { createTagsService } from '../settings/tagsService';
import { createRulesetsService } from './rulesetsService';

/**
 * Settings, tags, markers and rulesets of portfolios; built by createServices. Symbols are
 * checked against the market's list directly (one read for many symbols), so `markets` is not
 * needed yet; it stays in the signature the wiring uses.
 */
export function createPortfolioExtrasServices(deps: { db: Kysely<Database>; markets: MarketsService }) {
  const { db } = deps;
  return {
    portfolioSettings: createSettingsService({ db }),
    portfolioTags: createTagsService({ db }),
    portfolioMarkers: createMarkersService({ db }),
    portfolioData: createPortfolioDataService({ db }),
    rulesets: createRulesetsService({ db }),
  };
}
