/**
 * The columns of an account record: the company block (named as in a lead record) and the
 * search columns. No person: accounts are company-focused (api.md "Prospect record").
 */
import { type Column, matchColumns } from './column.ts';
import { companyColumns } from './company-columns.ts';
import type { AccountFacts, RecordContext } from './facts.ts';
import type { MatchResult } from './matching.ts';

export interface AccountInput {
  facts: AccountFacts;
  match: MatchResult;
  context: RecordContext;
}

export const ACCOUNT_COLUMNS: readonly Column<AccountInput>[] = [
  ...companyColumns<AccountInput>(({ facts }) => facts.company, 'account'),
  ...matchColumns<AccountInput>(),
];
