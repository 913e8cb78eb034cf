import { describeLiveRooms } from './live-rooms.suite.js';

jest.setTimeout(120_000);

describeLiveRooms('live rooms (PGlite)');
