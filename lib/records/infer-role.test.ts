import { describe, expect, it } from 'vitest';
import { inferSeniority } from './infer-role.ts';

describe('seniority read from a title', () => {
  it('keeps both readings of a levelled manager title: an individual contributor’s level, or a manager', () => {
    expect(inferSeniority('Senior Product Manager')).toEqual(['120', '130', '200', '210']);
    expect(inferSeniority('Junior Account Manager')).toEqual(['110', '200', '210']);
    expect(inferSeniority('Sales Manager')).toEqual(['200', '210']);
    expect(inferSeniority('Team Lead, Marketing')).toEqual(['200', '210']);
  });

  it('reads "Lead X" as a senior individual contributor or a team lead', () => {
    expect(inferSeniority('Lead Backend Engineer')).toEqual(['130', '200']);
  });

  it('does not take a product owner or an HR business partner for an owner or a partner', () => {
    expect(inferSeniority('Senior Product Owner')).toEqual(['120', '130']);
    expect(inferSeniority('HR Business Partner')).toEqual(['110', '120', '130']);
    expect(inferSeniority('Managing Partner')).toEqual(['320', '310']);
    expect(inferSeniority('Co-Founder & CEO')).toEqual(['320', '310']);
  });

  it('reads a trainee as an intern or on a first job', () => {
    expect(inferSeniority('Trainee Solicitor')).toEqual(['100', '110']);
    expect(inferSeniority('Marketing Intern')).toEqual(['100']);
  });
});
