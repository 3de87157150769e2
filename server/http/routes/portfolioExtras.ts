import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { portfolioManagerEndpoints } from '../../../contract/portfolio/endpoints';
import { serve } from '../route';

const endpoint = <I extends (typeof portfolioManagerEndpoints)[number]['id']>(id: I) => pick(portfolioManagerEndpoints, id);

/** Settings, tags, markers and rulesets rows of the portfolio manager (issue 6). */
export function portfolioExtrasRoutes(app: FastifyInstance) {
  const { portfolioSettings: settings, portfolioTags: tags, portfolioMarkers: markers, portfolioData: data, rulesets } = app.ctx.services;

  // ---- portfolio settings
  serve(app, endpoint('portfolio-manager.getPortfolioSetting'), async ({ user, query }) =>
    settings.getPortfolioSetting(user.id, query.portfolio_id, query.field),
  );
  serve(app, endpoint('portfolio-manager.getPortfolioSettings'), async ({ user, query }) =>
    settings.getPortfolioSettings(user.id, query.portfolio_id, query.fields),
  );
  serve(app, endpoint('portfolio-manager.setPortfolioSetting'), async ({ user, body }) => settings.setPortfolioSetting(user.id, body));
  serve(app, endpoint('portfolio-manager.setPortfolioSettings'), async ({ user, body }) => settings.setPortfolioSettings(user.id, body));
  serve(app, endpoint('portfolio-manager.removePortfolioSetting'), async ({ user, query }) =>
    settings.removePortfolioSettings(user.id, query.portfolio_id, [query.field]),
  );
  serve(app, endpoint('portfolio-manager.removePortfolioSettings'), async ({ user, query }) =>
    settings.removePortfolioSettings(user.id, query.portfolio_id, query.fields),
  );
  serve(app, endpoint('portfolio-manager.deletePortfolioData'), async ({ user, query }) =>
    data.deletePortfolioData(user.id, query.portfolio_id, query.kinds),
  );

  // ---- symbol settings
  serve(app, endpoint('portfolio-manager.setSymbolSetting'), async ({ user, body }) => settings.setSymbolSetting(user.id, body));
  serve(app, endpoint('portfolio-manager.setSymbolSettings'), async ({ user, body }) => settings.setSymbolSettings(user.id, body));
  serve(app, endpoint('portfolio-manager.getSymbolSetting'), async ({ user, query }) =>
    settings.getSymbolSetting(user.id, query.portfolio_id, query.symbol, query.field),
  );
  serve(app, endpoint('portfolio-manager.getSymbolSettings'), async ({ user, query }) =>
    settings.getSymbolSettings(user.id, query.portfolio_id, {
      ...(query.symbol !== undefined ? { symbol: query.symbol } : {}),
      ...(query.fields !== undefined ? { fields: query.fields } : {}),
    }),
  );
  serve(app, endpoint('portfolio-manager.removeSymbolSetting'), async ({ user, query }) =>
    settings.removeSymbolSettings(user.id, query.portfolio_id, query.symbol, [query.field]),
  );
  serve(app, endpoint('portfolio-manager.removeSymbolSettings'), async ({ user, query }) =>
    settings.removeSymbolSettings(user.id, query.portfolio_id, query.symbol, query.fields),
  );
  serve(app, endpoint('portfolio-manager.deleteSymbolData'), async ({ user, query }) =>
    data.deleteSymbolData(user.id, query.portfolio_id, query.symbol, query.kinds),
  );

  // ---- tags
  serve(app, endpoint('portfolio-manager.tagSymbol'), async ({ user, body }) => tags.tagSymbol(user.id, body));
  serve(app, endpoint('portfolio-manager.untagSymbol'), async ({ user, body }) => tags.untagSymbol(user.id, body));
  serve(app, endpoint('portfolio-manager.untagPairs'), async ({ user, body }) => tags.untagPairs(user.id, body));
  serve(app, endpoint('portfolio-manager.getSymbolsByTag'), async ({ user, query }) => tags.symbolsByTag(user.id, query.portfolio_id, query.tag));
  serve(app, endpoint('portfolio-manager.getSymbolTags'), async ({ user, query }) => tags.symbolTags(user.id, query.portfolio_id, query.symbol));
  serve(app, endpoint('portfolio-manager.getAllSymbolsAndTags'), async ({ user, query }) => tags.allSymbolsAndTags(user.id, query.portfolio_id));
  serve(app, endpoint('portfolio-manager.getAllTags'), async ({ user, query }) => tags.allTags(user.id, query.portfolio_id));

  // ---- rulesets and markers
  serve(app, endpoint('portfolio-manager.setPortfolioRuleset'), async ({ user, body }) => rulesets.set(user.id, body));
  serve(app, endpoint('portfolio-manager.removePortfolioRuleset'), async ({ user, query }) => rulesets.remove(user.id, query.portfolio_id));
  serve(app, endpoint('portfolio-manager.getRulesetStatus'), async ({ user, query }) => rulesets.status(user.id, query.portfolio_id));
  serve(app, endpoint('portfolio-manager.getPortfolioMarkers'), async ({ user, query }) =>
    markers.page(user.id, query.portfolio_id, query.symbol, query.skip, query.limit),
  );
  serve(app, endpoint('portfolio-manager.setSymbolMarker'), async ({ user, body }) => markers.setSymbolMarkers(user.id, body));
}
