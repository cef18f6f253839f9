import pg from 'pg';

// On PostgreSQL (`npm run test:pg`) every test file gets a database of its own, copied from a migrated
// template, as each file gets its own embedded database on PGlite. A shared database let one file's
// leftover lists and queued jobs be picked up by the next file's job worker, whose own lists then
// waited behind them (paused on a resolver that was not theirs).

/** The database the run was pointed at; the template every file's database is copied from. */
export const TEMPLATE_URL_ENV = 'TEST_DATABASE_TEMPLATE_URL';

const nameOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** The same server's maintenance database: a database cannot be created from, or dropped by, itself. */
const maintenance = (url: string) => {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
};

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * Creates `<template>_f<random>` from the template and returns its URL; null when the role may not create
 * databases (the file then shares the template database, as before).
 */
export async function createFileDatabase(templateUrl: string): Promise<string | null> {
  const name = `${nameOf(templateUrl)}_f${Math.random().toString(36).slice(2, 10)}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await admin(maintenance(templateUrl), (c) =>
        c.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(nameOf(templateUrl))}`),
      );
      break;
    } catch (err) {
      // A connection to the template that has just closed may still be counted for a moment.
      if (/being accessed by other users/.test(String(err)) && attempt < 50) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      console.error(
        `No database of its own for this file (${(err as Error).message}); sharing the template.`,
      );
      return null;
    }
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a file's database if nothing is connected to it any more. Never with FORCE: a connection a suite left
 * open (an idle pool) would be killed under it and fail the run with an unhandled error; such a
 * database is left to `npm run test:pg`, which drops the run's databases when every worker has exited.
 */
export async function dropDatabase(url: string): Promise<void> {
  await admin(maintenance(url), (c) => c.query(`DROP DATABASE IF EXISTS ${quote(nameOf(url))}`)).catch(
    () => {},
  );
}
