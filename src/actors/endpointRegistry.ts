import type { EndpointDef } from '../../contract/endpoint';

/**
 * Queries name their endpoint by id (machines hold plain data). The hooks register each
 * endpoint they use, so the fetcher can find it without the app importing the whole route
 * table (which would put every area's schemas into the sign-in page's bundle).
 */
const endpoints = new Map<string, EndpointDef>();

export function registerEndpoint(endpoint: EndpointDef): void {
  endpoints.set(endpoint.id, endpoint);
}

export function endpointById(id: string): EndpointDef {
  const endpoint = endpoints.get(id);
  if (!endpoint) throw new Error(`Endpoint ${id} is not registered`);
  return endpoint;
}
