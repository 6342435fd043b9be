import type { CompleteStartupProfile } from '../../src/shared/fit.js';

/** A founder's startup profile for suites and benchmarks: a seed round in the US Northeast. */
export const SAMPLE_STARTUP: CompleteStartupProfile = {
  name: 'Tidewater Robotics',
  pitch: 'Autonomous boats that survey harbours',
  stage: 'Seed',
  industries: ['Software', 'Industrial Products & Services'],
  geography: 'United States - Northeast',
  financing_type: 'Equity',
  raise_amount: 2_500_000,
  close_on: '2027-03-31',
};
