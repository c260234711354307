import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/project.ts';

describe("the writers' commands", () => {
  it.each(['dev', 'new', 'translations'])('explain "%s" with --help', async (command) => {
    const r = await runCli([command, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Usage: vitrina-docs ${command}`);
  });
});
