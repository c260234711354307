import { describe, expect, it } from 'vitest';
import { curlMethod, findEndpointMentions, pathMatches } from './check-endpoint-mentions.ts';

const hosts = new Set(['api.vitrina.example']);
const found = (source: string) => findEndpointMentions(source, hosts).map((m) => `${m.line}:${m.column} ${m.method ?? '*'} ${m.written}`);

describe('endpoints written on a page', () => {
  it('reads METHOD + path in prose, inline code, headings and tables, without the query or the full stop', () => {
    const source = [
      'Poll `GET /recognize/{id}` until it is done.',
      '### POST /api/v1.5/sdk/token {#token}',
      '| `GET /catalog/sku?brand_id=201` | a list |',
      'Then call GET /reports/3150.',
    ].join('\n');
    expect(found(source)).toEqual([
      '1:7 GET /recognize/{id}',
      '2:5 POST /api/v1.5/sdk/token',
      '3:4 GET /catalog/sku',
      '4:11 GET /reports/3150',
    ]);
  });

  it('takes the method of a curl command over its continued lines: -X, -G, data, or GET', () => {
    const source = [
      '```bash',
      'curl -s -X POST "https://api.vitrina.example/api/v1.5/recognize" \\',
      '  -d \'{"upload_ids": [1]}\'',
      'curl -s -G "https://api.vitrina.example/api/v1.5/master_data/visits" \\',
      '  --data-urlencode "status=done"',
      'curl "https://api.vitrina.example/api/v1.5/uploads/by_url" --json \'{}\'',
      'curl -s "https://api.vitrina.example/api/v1/visits/58213/" -H "Authorization: Token $KEY"',
      '```',
    ].join('\n');
    expect(found(source)).toEqual([
      '2:18 POST /api/v1.5/recognize',
      '4:13 GET /api/v1.5/master_data/visits',
      '6:7 POST /api/v1.5/uploads/by_url',
      '7:10 GET /api/v1/visits/58213/',
    ]);
  });

  it('reads an http request line, and an API URL elsewhere with any method; other hosts are not the API', () => {
    const source = [
      '```http',
      'POST https://api.vitrina.example/api/v1.5/sdk/token/revoke',
      '```',
      '```python',
      'URL = "https://api.vitrina.example/api/v1.5/sdk/token"',
      '```',
      'Your backend answers `POST https://backend.your-company.example/vitrina/token`.',
    ].join('\n');
    expect(found(source)).toEqual(['2:1 POST /api/v1.5/sdk/token/revoke', '5:8 * /api/v1.5/sdk/token']);
  });

  it('matches a written path to a template: ids and placeholders stand for parameters, literals for literals', () => {
    expect(pathMatches('/recognize/45120', '/recognize/{id}')).toBe(true);
    expect(pathMatches('/recognize/$id', '/recognize/{id}')).toBe(true);
    expect(pathMatches('/catalog/sku/{sku_id}', '/catalog/sku/{id}')).toBe(true);
    expect(pathMatches('/visits/58213/ack', '/visits/{id}/ack/')).toBe(true);
    expect(pathMatches('/uploads/{id}', '/uploads/by_url')).toBe(false);
    expect(pathMatches('/catalog/sku', '/catalog/sku/{id}')).toBe(false);
  });

  it('knows curl defaults', () => {
    expect(curlMethod('curl https://x')).toBe('GET');
    expect(curlMethod('curl --request patch https://x')).toBe('PATCH');
    expect(curlMethod('curl -F file=@a.jpg https://x')).toBe('POST');
  });
});
