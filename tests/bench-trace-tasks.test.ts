// The benchmark's reading of a recorded main thread (bench/trace-tasks.ts): Lighthouse's rule for
// blocking time on the tasks' recorded length, and the same rule on the time their thread ran on a
// CPU, which tells a page's own work from a machine too busy to give it a CPU.
import { simulatedTasks, type TraceEvent } from '../bench/trace-tasks.js';

const PAGE = 7;
const MAIN = 1;
const ms = (value: number) => value * 1000;

function trace(tasks: Array<{ at: number; wall: number; cpu?: number }>): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', ts: 0, pid: PAGE, tid: MAIN, args: { name: 'CrRendererMain' } },
    { name: 'navigationStart', ph: 'R', ts: 0, pid: PAGE, tid: MAIN },
    { name: 'firstContentfulPaint', ph: 'R', ts: ms(100), pid: PAGE, tid: MAIN },
    ...tasks.map((task) => ({ name: 'RunTask', ph: 'X', ts: ms(task.at), dur: ms(task.wall), tdur: task.cpu === undefined ? undefined : ms(task.cpu), pid: PAGE, tid: MAIN })),
  ];
}

describe('simulatedTasks', () => {
  it('counts each task after the first paint at 4 times its recorded length, beyond 50 ms', () => {
    const read = simulatedTasks(trace([{ at: 20, wall: 40, cpu: 40 }, { at: 200, wall: 30, cpu: 30 }, { at: 300, wall: 10, cpu: 10 }]));
    expect(read.fcp).toBe(100);
    // 30 ms → 120 slowed → 70 blocking; 10 ms → 40, not blocking; the one before the paint does not count.
    expect(read.blocking).toBeCloseTo(70);
    expect(read.blockingTasks).toBe(1);
  });

  it('says how much of the blocking tasks the thread spent on a CPU, and what the page’s own work blocks', () => {
    // A task recorded at 100 ms that ran 5 ms: the rest was the thread waiting for a CPU.
    const read = simulatedTasks(trace([{ at: 200, wall: 100, cpu: 5 }, { at: 400, wall: 25, cpu: 20 }]));
    expect(read.blocking).toBeCloseTo(350 + 50);
    expect(read.cpuShare).toBeCloseTo(25 / 125);
    // 5 ms → 20 slowed, not blocking; 20 ms → 80 slowed → 30.
    expect(read.cpuBlocking).toBeCloseTo(30);
  });

  it('counts a task under way at the first paint from the paint on, in its wall and CPU time alike', () => {
    const read = simulatedTasks(trace([{ at: 60, wall: 80, cpu: 40 }]));
    // 40 of its 80 ms fall after the paint: 160 slowed → 110; half of its 40 ms of CPU → 80 → 30.
    expect(read.blocking).toBeCloseTo(110);
    expect(read.cpuBlocking).toBeCloseTo(30);
    expect(read.cpuShare).toBeCloseTo(0.5);
  });

  it('has no CPU share for a trace without thread times', () => {
    const read = simulatedTasks(trace([{ at: 200, wall: 100 }]));
    expect(read.blocking).toBeCloseTo(350);
    expect(read.cpuShare).toBeNaN();
    expect(read.cpuBlocking).toBeNaN();
  });
});
