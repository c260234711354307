/** The files published per API version: its OpenAPI description, its Postman collection and environment. */
export function apiFileUrls(version: string): { openapi: string; collection: string; environment: string } {
  return {
    openapi: `/api/${version}.yaml`,
    collection: `/api/${version}.postman_collection.json`,
    environment: `/api/${version}.postman_environment.json`,
  };
}
