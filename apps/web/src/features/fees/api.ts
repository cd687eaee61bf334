import { api, dataOf } from '../../lib/api-client';

export const feeCatalogueKeys = { search: (text: string) => ['feeCatalogue', text] as const };

export const searchFeeCatalogue = async (searchString: string) =>
  (await dataOf(api.GET('/api/medical-fee-schedule', { params: { query: { searchString } } }))).list;
