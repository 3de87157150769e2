import type { FastifyInstance } from 'fastify';
import { pick } from '../../../contract/endpoint';
import { relationsEndpoints } from '../../../contract/signals/endpoints';
import { serve } from '../route';

const endpoint = <I extends (typeof relationsEndpoints)[number]['id']>(id: I) => pick(relationsEndpoints, id);

/** The `relations` rows: groups (watchlists), subscriptions and their links to portfolios. */
export function relationRoutes(app: FastifyInstance) {
  const { groups, strategies, subscriptions } = app.ctx.services;

  serve(app, endpoint('relations.listSymbols'), async ({ user, query }) => groups.relatedSymbols(user.id, query.market));
  serve(app, endpoint('relations.listStrategies'), async ({ user, query }) =>
    strategies.list(user, { ...query, scope: 'all' }),
  );

  serve(app, endpoint('relations.createGroup'), async ({ user, body }) => groups.create(user.id, body));
  serve(app, endpoint('relations.updateGroup'), async ({ user, body }) => groups.update(user.id, body));
  serve(app, endpoint('relations.deleteGroup'), async ({ user, query }) => groups.delete(user.id, query.group_id, query.recursive));
  serve(app, endpoint('relations.listGroups'), async ({ user, query }) => groups.list(user.id, query.include_symbols));
  serve(app, endpoint('relations.listGroupSymbols'), async ({ user, query }) => groups.symbols(user.id, query.group_id));
  serve(app, endpoint('relations.addGroupSymbols'), async ({ user, query, body }) =>
    groups.addSymbols(user.id, query.group_id, body.symbols),
  );
  serve(app, endpoint('relations.updateGroupSymbols'), async ({ user, query, body }) =>
    groups.replaceSymbols(user.id, query.group_id, body.symbols),
  );
  serve(app, endpoint('relations.deleteGroupSymbols'), async ({ user, query }) =>
    groups.removeSymbols(user.id, query.group_id, query.market, query.symbols),
  );

  serve(app, endpoint('relations.createSubscription'), async ({ user, body }) => subscriptions.create(user, body));
  serve(app, endpoint('relations.updateSubscription'), async ({ user, body }) => subscriptions.update(user, body));
  serve(app, endpoint('relations.deleteSubscription'), async ({ user, query }) => subscriptions.delete(user.id, query.subscription_id));
  serve(app, endpoint('relations.getSubscription'), async ({ user, query }) => subscriptions.get(user.id, query.subscription_id));
  serve(app, endpoint('relations.getOwnSubscriptions'), async ({ user }) => subscriptions.ownList(user.id));
  serve(app, endpoint('relations.getSubscriptionList'), async ({ user, query }) => subscriptions.summaries(user.id, query));
  serve(app, endpoint('relations.getSubscriptionSymbols'), async ({ user, query }) =>
    subscriptions.symbols(user.id, query.subscription_id),
  );

  serve(app, endpoint('relations.getSubscriptionLinks'), async ({ user, query }) => subscriptions.links(user.id, query.subscription_id));
  serve(app, endpoint('relations.createSubscriptionLink'), async ({ user, body }) => subscriptions.createLink(user.id, body));
  serve(app, endpoint('relations.deleteSubscriptionLink'), async ({ user, query }) => subscriptions.deleteLink(user.id, query.link_id));
  serve(app, endpoint('relations.setSubscriptionLinkConfirmation'), async ({ user, body }) =>
    subscriptions.setLink(user.id, body.link_id, { confirmation: body.confirmation }),
  );
  serve(app, endpoint('relations.setSubscriptionLinkActiveStatus'), async ({ user, body }) =>
    subscriptions.setLink(user.id, body.link_id, { is_active: body.is_active }),
  );
}
