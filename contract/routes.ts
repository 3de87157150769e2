import { accountEndpoints, authEndpoints, profileEndpoints } from './accounts/endpoints';
import type { EndpointDef, SocketDef } from './endpoint';
import { configEndpoints, quoteEndpoints, timeEndpoints } from './general/endpoints';
import { appSocket } from './live/appSocket';
import {
  chartEndpoints,
  ingestEndpoints,
  livePriceSocket,
  marketEndpoints,
  marketKlineReadEndpoints,
} from './market/endpoints';
import { notificationEndpoints } from './notifications/endpoints';
import { portfolioEndpoints, portfolioManagerEndpoints, portfolioSocket } from './portfolio/endpoints';
import { relationsEndpoints, scoreEndpoints, strategyEndpoints } from './signals/endpoints';
import { extensionEndpoints, serviceEndpoints, taskEndpoints, utilityEndpoints } from './system/endpoints';

/** Every HTTP call of the API (the rows of endpoints.tsv), in one list. */
export const httpEndpoints: readonly EndpointDef[] = [
  ...authEndpoints,
  ...accountEndpoints,
  ...profileEndpoints,
  ...notificationEndpoints,
  ...configEndpoints,
  ...taskEndpoints,
  ...serviceEndpoints,
  ...utilityEndpoints,
  ...timeEndpoints,
  ...marketEndpoints,
  ...relationsEndpoints,
  ...portfolioEndpoints,
  ...portfolioManagerEndpoints,
  ...scoreEndpoints,
  ...marketKlineReadEndpoints,
  ...strategyEndpoints,
  ...quoteEndpoints,
  ...ingestEndpoints,
  ...chartEndpoints,
];

/** The three websockets. */
export const socketEndpoints: readonly SocketDef[] = [livePriceSocket, portfolioSocket, appSocket];

/** The whole route table: 127 HTTP calls and 3 websockets. */
export const routeTable: readonly (EndpointDef | SocketDef)[] = [...httpEndpoints, ...socketEndpoints];

/** Calls the product serves beyond endpoints.tsv (the audit log); not part of the spec's table. */
export const extraHttpEndpoints: readonly EndpointDef[] = [...extensionEndpoints];
