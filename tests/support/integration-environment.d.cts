import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

declare class IntegrationEnvironment extends TestEnvironment {
  handleTestEvent(event: Circus.Event): void;
}
export = IntegrationEnvironment;
