import { pick } from '../../contract/endpoint';
import { serviceEndpoints } from '../../contract/system/endpoints';

/** The calls of the admin services panel, picked once. Loaded by that lazy screen only. */
export const adminServicesApi = {
  list: pick(serviceEndpoints, 'services.list'),
  sendCommand: pick(serviceEndpoints, 'services.sendCommand'),
} as const;

export const adminServicesTags = { list: 'admin-services' } as const;
