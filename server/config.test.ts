import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to port 8080 and the ./data folder', () => {
    const config = loadConfig({}, []);
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DEMO).toBe(false);
  });

  it('takes PORT, DATA_DIR, DATABASE_URL and --demo', () => {
    const config = loadConfig({ PORT: '9090', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db' }, [
      'node',
      'main',
      '--demo',
    ]);
    expect(config).toMatchObject({ PORT: 9090, DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db', DEMO: true });
  });

  it('stops with a line naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' }, [])).toThrow(
      /PORT: .*DATABASE_URL: DATABASE_URL must start with postgres/,
    );
  });
});
