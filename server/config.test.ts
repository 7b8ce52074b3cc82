import { describe, expect, it } from 'vitest';
import { loadConfig, startsPayerSim } from './config.ts';

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

  it('starts the payer simulator on 8095 unless a clearinghouse or another simulator is set, or it is off', () => {
    const plain = loadConfig({}, []);
    expect(plain.PAYER_SIM_PORT).toBe(8095);
    expect(startsPayerSim(plain)).toBe(true);
    expect(loadConfig({ PAYER_SIM_PORT: '0' }, []).PAYER_SIM_PORT).toBe(0);
    expect(startsPayerSim(loadConfig({ ELIGIBILITY_URL: 'https://clearinghouse.example/270' }, []))).toBe(false);
    expect(startsPayerSim(loadConfig({ PAYER_SIM_URL: 'http://127.0.0.1:9000/' }, []))).toBe(false);
    expect(startsPayerSim(loadConfig({ PAYER_SIM: 'off' }, []))).toBe(false);
    expect(() => loadConfig({ PAYER_SIM_PORT: 'x' }, [])).toThrow(/PAYER_SIM_PORT/);
  });
});
