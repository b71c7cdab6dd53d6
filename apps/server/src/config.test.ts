import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      JWT_EXPIRES_IN: 7 * 86400,
      ADMIN_USERNAME: 'admin',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('parses durations and treats blank values as unset', () => {
    expect(loadConfig({ JWT_EXPIRES_IN: '12h' }).JWT_EXPIRES_IN).toBe(43_200);
    expect(loadConfig({ JWT_EXPIRES_IN: '90' }).JWT_EXPIRES_IN).toBe(90);
    expect(loadConfig({ DATABASE_URL: '  ', ADMIN_PASSWORD: '' }).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://chat.example.com/' }).publicUrl).toBe(
      'https://chat.example.com',
    );
  });

  it('stops with a message naming each bad variable', () => {
    const bad = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        JWT_EXPIRES_IN: 'soon',
        LOG_LEVEL: 'loud',
      });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'JWT_EXPIRES_IN', 'LOG_LEVEL'])
        expect(message).toContain(`  ${name}:`);
    }
  });
});
