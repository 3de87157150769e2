import { z } from 'zod';
import { IdParam } from '../common';
import { defineEndpoint } from '../endpoint';
import { AppConfig, Quote, ServerTime, ServerTimeQuery } from './schemas';

export const configEndpoints = [
  defineEndpoint({
    id: 'config.get',
    method: 'GET',
    path: '/api/config/',
    access: 'public',
    area: 'config',
    summary: 'Public application configuration',
    response: AppConfig,
  }),
] as const;

export const timeEndpoints = [
  defineEndpoint({
    id: 'utility.getTime',
    method: 'GET',
    path: '/api/core/utility/get_time/',
    access: 'public',
    area: 'utility',
    summary: "The server's clock (UTC)",
    query: ServerTimeQuery,
    response: ServerTime,
  }),
] as const;

export const quoteEndpoints = [
  defineEndpoint({
    id: 'quotes.random',
    method: 'GET',
    path: '/api/quote/random',
    access: 'public',
    area: 'quotes',
    summary: 'A random market saying',
    response: Quote,
  }),
  defineEndpoint({
    id: 'quotes.get',
    method: 'GET',
    path: '/api/quote/{id}',
    access: 'public',
    area: 'quotes',
    summary: 'A market saying by id',
    params: z.object({ id: IdParam }),
    response: Quote,
  }),
] as const;
