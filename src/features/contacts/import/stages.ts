// A status as founders write it in their sheet ("Intro", "Pitched", "TS", "Pass") guessed as a pipeline stage.
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineStage } from '@/shared/pipeline';
import { normaliseHeader } from './columns';

/** Checked in this order: "not interested" is a pass before "interested" is a meeting, "closed lost" before "closed". */
const STAGE_WORDS: [PipelineStage, RegExp][] = [
  ['passed', /\b(pass|passed|no|nope|declined?|rejected?|not interested|not a fit|no fit|dead|lost|dropped|turned down|ghosted)\b/],
  ['term_sheet', /\b(ts|term ?sheets?|terms|loi|negotiat\w*)\b/],
  ['committed', /\b(committed|commit|closed|wired|yes|signed|invested|funded|won|done|verbal)\b/],
  ['meeting', /\b(pitch\w*|meetings?|met|call|calls|demo|diligence|dd|interested|talking|scheduled)\b/],
  ['contacted', /\b(intro\w*|reached out|reach out|emailed|e mailed|contacted|outreach|sent|pinged|messaged|follow(ed)? ?up|in touch)\b/],
];

export function guessStage(status: string): PipelineStage {
  const words = normaliseHeader(status);
  const named = PIPELINE_STAGES.find((stage) => normaliseHeader(PIPELINE_STAGE_LABELS[stage]) === words || stage === words);
  if (named) return named;
  return STAGE_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? 'lead';
}
