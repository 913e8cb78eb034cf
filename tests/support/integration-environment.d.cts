import { TestEnvironment } from 'jest-environment-node';

declare class IntegrationEnvironment extends TestEnvironment {}
export = IntegrationEnvironment;
