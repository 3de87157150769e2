import { authEndpoints, accountEndpoints } from '../../../../contract/accounts/endpoints';
import { pick } from '../../../../contract/endpoint';
import { marketEndpoints } from '../../../../contract/market/endpoints';
import { extensionEndpoints } from '../../../../contract/system/endpoints';

/** The calls of the admin users, market administration and audit screens, picked once; loaded with those lazy screens only. */
export const adminDataApi = {
  users: pick(accountEndpoints, 'accounts.list'),
  createUser: pick(accountEndpoints, 'accounts.create'),
  updateUser: pick(accountEndpoints, 'accounts.update'),
  passwordRecovery: pick(authEndpoints, 'auth.passwordRecovery'),
  markets: pick(marketEndpoints, 'market.listMarkets'),
  settings: pick(marketEndpoints, 'market.getSettings'),
  setSetting: pick(marketEndpoints, 'market.setSetting'),
  list: pick(marketEndpoints, 'market.getList'),
  createListItem: pick(marketEndpoints, 'market.createListItem'),
  updateListItem: pick(marketEndpoints, 'market.updateListItem'),
  initNewSymbol: pick(marketEndpoints, 'market.initNewSymbol'),
  dataUpdate: pick(marketEndpoints, 'market.dataUpdate'),
  audit: pick(extensionEndpoints, 'audit.list'),
} as const;

/** Query tags these screens refetch by after a change. */
export const adminDataTags = {
  users: 'admin-users',
  settings: 'admin-market-settings',
  lists: 'admin-market-lists',
} as const;

/** The calls the audit log records, in the order its filter lists them (the contract's list). */
export { AUDITED_ACTIONS } from '../../../../contract/system/audit';
