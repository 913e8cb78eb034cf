import { FunctionLogs } from './function-logs.js';

describe('FunctionLogs', () => {
  const line = (text: string, sub: string | null, invocation: string | null = 'i1') => ({
    level: 'log' as const,
    text,
    invocation,
    sub,
  });

  it('shows a person only the lines of their own invocations; the service role sees all', () => {
    const logs = new FunctionLogs();
    logs.add('hello', line('from ada', 'ada'));
    logs.add('hello', line('from bob', 'bob'));
    logs.add('hello', line('while loading', null, null));
    logs.add('echo', line('other function', 'ada'));
    expect(logs.read('hello', { kind: 'user', sub: 'ada' }).map((l) => l.text)).toEqual([
      'from ada',
    ]);
    expect(logs.read('hello', { kind: 'service_role' }).map((l) => l.text)).toEqual([
      'from ada',
      'from bob',
      'while loading',
    ]);
    expect(logs.read('missing', { kind: 'service_role' })).toEqual([]);
  });

  it('keeps the newest lines per function and reads after a sequence number, up to a limit', () => {
    const logs = new FunctionLogs(3);
    for (let i = 1; i <= 5; i += 1) logs.add('slow', line(`line ${i}`, 'ada'));
    const all = logs.read('slow', { kind: 'user', sub: 'ada' });
    expect(all.map((l) => l.text)).toEqual(['line 3', 'line 4', 'line 5']);
    expect(
      logs.read('slow', { kind: 'user', sub: 'ada' }, { after: all[0]!.seq }).map((l) => l.text),
    ).toEqual(['line 4', 'line 5']);
    expect(
      logs.read('slow', { kind: 'user', sub: 'ada' }, { limit: 1 }).map((l) => l.text),
    ).toEqual(['line 5']);
  });
});
