import { z } from 'zod';

/** A field of a request body or a response, flattened: `depth` tells how deep it is nested. */
export const ApiFieldSchema = z.strictObject({
  name: z.string().describe('Field name; items of an array are written `name[]`'),
  path: z.string().describe('Dotted path from the top, e.g. `results[].brand_id`'),
  depth: z.number().int().min(0),
  type: z.string().describe('Readable type, e.g. `integer`, `string (date-time)`, `array of object`'),
  required: z.boolean(),
  nullable: z.boolean(),
  description: z.string(),
  enum: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  default: z.string().optional(),
});
export type ApiField = z.infer<typeof ApiFieldSchema>;

export const ApiParameterSchema = z.strictObject({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  type: z.string(),
  required: z.boolean(),
  description: z.string(),
  enum: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
  default: z.string().optional(),
});
export type ApiParameter = z.infer<typeof ApiParameterSchema>;

/** What an API method page shows above its markdown: drawn from the OpenAPI operation. */
export const ApiOperationSchema = z
  .strictObject({
    operationId: z.string(),
    version: z.string().describe('API version, e.g. v1.5'),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: z.string().describe('Path template relative to the server, e.g. /catalog/brands/{id}'),
    url: z.string().describe('Full URL template: server URL + path'),
    summary: z.string(),
    description: z.string(),
    deprecated: z.boolean(),
    parameters: z.array(ApiParameterSchema),
    requestBody: z.strictObject({ contentType: z.string(), required: z.boolean(), fields: z.array(ApiFieldSchema) }).nullable(),
    responses: z.array(
      z.strictObject({
        status: z.string(),
        code: z.string().optional().describe('Error responses: the machine-readable `error.code` this status carries, e.g. `not_found`'),
        description: z.string().describe('What the status means at this endpoint'),
        contentType: z.string().nullable(),
        fields: z.array(ApiFieldSchema),
      }),
    ),
    specUrl: z.string().describe('URL of the published OpenAPI file'),
    consoleUrl: z.string().describe('URL of the operation\'s "Try it" console data in the page\'s locale (ApiConsoleData)'),
    postman: z
      .strictObject({ collection: z.string(), environment: z.string() })
      .describe("URLs of the version's published Postman collection and its environment"),
    changes: z
      .array(z.strictObject({ title: z.string(), url: z.string() }))
      .describe("The release notes that changed this method (those that link to its page), newest first, in the page's language"),
  })
  .describe('An OpenAPI operation, localised and flattened for display');
export type ApiOperation = z.infer<typeof ApiOperationSchema>;
