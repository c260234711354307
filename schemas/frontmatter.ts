import { z } from 'zod';
import { plainText } from './text.ts';

const title = plainText().min(3).max(80).describe("The page's title and h1 (3–80 characters)");
const description = plainText().min(50).max(200).describe('Search snippet and meta description (50–200 characters)');
const keywords = z
  .array(z.union([plainText().min(1), z.number().transform(String)]))
  .optional()
  .describe('Extra search terms (numbers such as status codes are read as text)');

/** Frontmatter of a documentation page. */
export const DocFrontmatterSchema = z
  .strictObject({
    title,
    description,
    sidebar_label: plainText().min(1).max(40).optional().describe('A shorter label for the sidebar'),
    sidebar_position: z.number().optional().describe('Order within the folder (ascending)'),
    keywords,
    toc_max_level: z
      .union([z.literal(2), z.literal(3)])
      .optional()
      .describe('Deepest heading level in the table of contents (default 3)'),
    api: z
      .strictObject({
        operation: z.string().min(1).describe("operationId in the OpenAPI description of the page's API version"),
        version: z
          .string()
          .min(1)
          .optional()
          .describe(
            'API version of the operation (content/api/<version>.yaml), for a page outside a versioned folder such as the SDK token pages; a versioned folder gives its own',
          ),
      })
      .optional()
      .describe('Makes this an API method page drawn from an OpenAPI operation'),
    counterpart: z
      .union([z.string().startsWith('/docs/'), z.literal(false)])
      .optional()
      .describe(
        'Pages of a versioned sidebar: the route (without locale) of the same page in the other version, when its path differs (the reverse link is implied), or false when the page has none; API pages whose operations share path and method find each other without it',
      ),
    translation_of: z
      .string()
      .regex(/^[0-9a-f]{12}$/)
      .optional()
      .describe('en pages: hash of the ru body this translation follows (written by `vitrina-docs translations --mark`)'),
  })
  .describe('Frontmatter of a documentation page');
export type DocFrontmatter = z.infer<typeof DocFrontmatterSchema>;

/** Frontmatter of a blog post. */
export const BlogFrontmatterSchema = z
  .strictObject({
    title,
    description,
    date: z.iso.date().describe('Publication date, YYYY-MM-DD'),
    authors: z.array(plainText().min(1)).optional().describe('Names of the authors'),
    tags: z
      .array(z.string().regex(/^[a-z0-9-]+$/))
      .optional()
      .describe('Lower-case tags'),
    keywords,
    translation_of: z
      .string()
      .regex(/^[0-9a-f]{12}$/)
      .optional(),
  })
  .describe('Frontmatter of a blog post');
export type BlogFrontmatter = z.infer<typeof BlogFrontmatterSchema>;
