import { z } from 'zod';

/** A JSON Schema of the description, as written: `$ref`s point into `schemas`. */
const JsonSchemaSchema = z.record(z.string(), z.unknown());

/**
 * What the "Try it" console of an API method page loads when the reader opens it
 * (`/api/<version>/operations/<operationId>.<locale>.json`): one operation of the OpenAPI
 * description, with its examples in the page's language and what the console needs to build,
 * mock and check an exchange.
 */
export const ApiConsoleDataSchema = z
  .strictObject({
    operationId: z.string(),
    version: z.string().describe('API version, e.g. v1.5'),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    path: z.string().describe('Path template relative to the server, e.g. /catalog/brands/{id}'),
    servers: z
      .array(z.strictObject({ url: z.string(), description: z.string() }))
      .describe("The description's servers; the console may call these and a local mock"),
    auth: z
      .strictObject({
        header: z.string().describe('Header that carries the key, e.g. Authorization'),
        prefix: z.string().describe('Text before the key in that header, e.g. `Token `'),
      })
      .nullable()
      .describe('How a request is authorised; null when the operation needs no key'),
    parameters: z.array(
      z.strictObject({
        name: z.string(),
        in: z.enum(['path', 'query', 'header', 'cookie']),
        required: z.boolean(),
        schema: JsonSchemaSchema,
        example: z.string().optional().describe('Example value, as the reader would type it'),
      }),
    ),
    requestBody: z
      .strictObject({
        contentType: z.string(),
        required: z.boolean(),
        schema: JsonSchemaSchema,
        example: z.unknown().describe("The description's example, or one made from the schema"),
      })
      .nullable(),
    responses: z.array(
      z.strictObject({
        status: z.string().describe('HTTP status, `2XX` or `default`'),
        contentType: z.string().nullable(),
        schema: JsonSchemaSchema.nullable(),
        example: z.unknown().optional().describe("The description's example, or one made from the schema"),
        headers: z.record(z.string(), z.string()).describe('Example values of the response headers'),
      }),
    ),
    schemas: z.record(z.string(), JsonSchemaSchema).describe('The components.schemas the other schemas refer to'),
    samples: z
      .array(z.strictObject({ id: z.string().describe('curl, python, javascript, java, csharp'), label: z.string(), code: z.string() }))
      .describe('The request with its example values in several languages, generated from the description'),
  })
  .describe('One API operation for the "Try it" console: request, examples and schemas');
export type ApiConsoleData = z.infer<typeof ApiConsoleDataSchema>;
