// The files remote's share links and trash on PGlite (the suite says what it checks).
import { describeFilesDrive } from './files-drive.suite.js';

jest.setTimeout(120_000);

describeFilesDrive('files like a drive (PGlite)');
