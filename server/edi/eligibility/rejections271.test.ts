import { describe, expect, it } from 'vitest';
import type { Rejection } from './model271.ts';
import { read271 } from './read271.ts';
import { reply271Segments, subscriberReply } from './test/reply271.ts';

const codes = (rejections: readonly Rejection[]) =>
  rejections.map((rejection) => [
    rejection.loop,
    rejection.reason.code,
    rejection.reason.description,
    rejection.followUp.code,
  ]);

describe('read271 rejections', () => {
  it('names the subscriber-level reasons a biller fixes before asking again', () => {
    const document = read271(
      subscriberReply(['AAA*N**73*C', 'AAA*N**58*C', 'AAA*Y**15*C', 'DMG*D8*19800101*F', 'AAA*Y**42*W']),
    );
    expect(document.problems).toEqual([]);
    const subscriber = document.responses[0]?.sources[0]?.receivers[0]?.subscribers[0];
    expect(codes(subscriber?.rejections ?? [])).toEqual([
      ['2100C', '73', 'Invalid/missing subscriber/insured name', 'C'],
      ['2100C', '58', 'Invalid/missing date of birth', 'C'],
      ['2100C', '15', 'Required application data missing', 'C'],
      ['2100C', '42', 'Unable to respond at current time', 'W'],
    ]);
    expect(subscriber?.rejections[3]?.followUp.description).toBe('Please wait 30 days and resubmit');
  });

  it('puts an AAA after a benefit line in 2110C, with that benefit', () => {
    const document = read271(subscriberReply(['EB*1*IND*30', 'EB*V**88', 'AAA*Y**15*R', 'MSG*PHARMACY IS CARVED OUT']));
    const subscriber = document.responses[0]?.sources[0]?.receivers[0]?.subscribers[0];
    expect(subscriber?.rejections).toEqual([]);
    expect(subscriber?.benefits[0]?.rejections).toEqual([]);
    expect(codes(subscriber?.benefits[1]?.rejections ?? [])).toEqual([
      ['2110C', '15', 'Required application data missing', 'R'],
    ]);
    expect(subscriber?.benefits[1]?.messages).toEqual(['PHARMACY IS CARVED OUT']);
  });

  it('puts an AAA before the dependent’s first benefit in 2100D, with the dependent', () => {
    const segments = reply271Segments();
    segments.splice(segments.indexOf('DMG*D8*20151130*F') + 1, 0, 'AAA*N**71*C');
    segments[segments.indexOf('SE*60*0001')] = 'SE*61*0001';
    const document = read271(segments.map((segment) => `${segment}~`).join(''));
    expect(document.problems).toEqual([]);
    const dependent = document.responses[0]?.sources[0]?.receivers[0]?.subscribers[1]?.dependents[0];
    expect(codes(dependent?.rejections ?? [])).toEqual([
      ['2100D', '71', 'Patient birth date does not match that for the patient on the database', 'C'],
    ]);
    expect(codes(dependent?.benefits[1]?.rejections ?? [])).toEqual([
      ['2110D', '62', 'Date of service not within allowable inquiry period', 'C'],
    ]);
  });

  it('reports a benefit line at the provider level and reads on', () => {
    const segments = reply271Segments();
    segments.splice(segments.indexOf('HL*3*2*22*0'), 0, 'EB*1**30');
    segments[segments.indexOf('SE*60*0001')] = 'SE*61*0001';
    const document = read271(segments.map((segment) => `${segment}~`).join(''));
    expect(document.problems.map((problem) => problem.message)).toEqual([
      'Benefit line (EB) in a provider (information receiver) level, not a subscriber or dependent.',
    ]);
    expect(document.responses[0]?.sources[0]?.receivers[0]?.subscribers).toHaveLength(3);
  });
});
