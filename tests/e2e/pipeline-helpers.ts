// What the pipeline suites share: a logged-in founder with an investor list holding a few investors,
// and the server's view of a row's pipeline and notes.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Investor, ListSummary } from '../../src/shared/api-types.js';
import type { Pipeline, PipelineNote, PipelinePatch } from '../../src/shared/pipeline.js';
import type { E2EApp } from '../helpers/e2e.js';
import { investorsOf } from './offline-helpers.js';
import { screenshotFor } from './screenshots.js';

export const fullName = (investor: Investor) => `${investor.first_name} ${investor.last_name}`;

export interface PipelineSetup {
  page: Page;
  context: Awaited<ReturnType<E2EApp['loggedInPage']>>['context'];
  accessToken: string;
  list: ListSummary;
  investors: Investor[];
}

/** A logged-in page (at /investors) and an investor list of `count` investors, all at Lead. */
export async function pipelineSetUp(
  app: E2EApp,
  listName: string,
  count = 3,
  contextOptions: Parameters<E2EApp['newContext']>[0] = {},
): Promise<PipelineSetup> {
  const { page, context, tokens } = await app.loggedInPage('/investors', { context: contextOptions });
  const created = await app.callApi('POST', '/lists', { name: listName, description: '', list_type: 'investor' }, tokens.access_token);
  expect(created.status).toBe(201);
  const list = created.body as unknown as ListSummary;
  const investors = await investorsOf(app, tokens.access_token, count);
  const added = await app.callApi('POST', `/lists/${list.id}/investors/batch`, { investor_ids: investors.map((i) => i.id) }, tokens.access_token);
  expect(added.status).toBeLessThan(300);
  return { page, context, accessToken: tokens.access_token, list, investors };
}

export async function patchRow(app: E2EApp, setup: PipelineSetup, investor: Investor, patch: PipelinePatch) {
  const res = await app.callApi('PATCH', `/lists/${setup.list.id}/investors/${investor.id}`, patch, setup.accessToken);
  expect(res.status).toBe(200);
}

/** The row's pipeline as the server has it. */
export async function serverPipeline(app: E2EApp, setup: PipelineSetup, investor: Investor): Promise<Pipeline> {
  const res = await app.callApi('GET', `/lists/${setup.list.id}/items`, undefined, setup.accessToken);
  expect(res.status).toBe(200);
  const items = res.body as unknown as Array<Investor & { pipeline: Pipeline }>;
  const item = items.find((row) => row.id === investor.id);
  if (!item) throw new Error(`investor ${investor.id} is not on list ${setup.list.id}`);
  return item.pipeline;
}

export async function serverNotes(app: E2EApp, setup: PipelineSetup, investor: Investor): Promise<PipelineNote[]> {
  const res = await app.callApi('GET', `/lists/${setup.list.id}/investors/${investor.id}/notes`, undefined, setup.accessToken);
  expect(res.status).toBe(200);
  return res.body as unknown as PipelineNote[];
}

/** The whole page, when PIPELINE_SCREENSHOTS names a folder. */
export const screenshot = screenshotFor('PIPELINE_SCREENSHOTS');

/** The device's date shifted by `days`, as YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
