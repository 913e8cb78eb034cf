import { dataRowPath, parseLivePath, roomPath, roomTopic } from './live-paths.js';

describe('live paths', () => {
  it('reads the rooms, a room, people and activity from the path', () => {
    expect(parseLivePath('/live', '/live')).toEqual({ kind: 'rooms', projectId: null });
    expect(parseLivePath('/live', '/live/rooms/12')).toEqual({ kind: 'rooms', projectId: 12 });
    expect(parseLivePath('/live', '/live/people')).toEqual({ kind: 'people' });
    expect(parseLivePath('/live', '/live/activity/')).toEqual({ kind: 'activity' });
    expect(parseLivePath('/live', '/live/rooms/abc')).toEqual({ kind: 'unknown' });
  });

  it('names a room’s page, its private topic and a row in the data remote', () => {
    expect(roomPath('/live', 3)).toBe('/live/rooms/3');
    expect(roomTopic(3)).toBe('room:3');
    expect(dataRowPath('tasks', 7)).toBe('/data/tasks?f=id.eq.7');
  });
});
