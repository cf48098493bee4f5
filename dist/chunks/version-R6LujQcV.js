const VERSION = "0.1.0";
const SCHEMA_BASE_URL = "https://raw.githubusercontent.com/OWNER/agent-harness/v0/schema/";

export { SCHEMA_BASE_URL as S, VERSION as V };
