#!/usr/bin/env node
// The instant agent: about 200 bytes of Claude stream-json (an init event and a successful result), then exit.
// It does no work, so any time around it is spent starting node and in whatever supervises it.
process.stdout.write(
  '{"type":"system","subtype":"init","session_id":"bench"}\n' +
    '{"type":"result","subtype":"success","is_error":false,"num_turns":1,"result":"Nothing to do.",' +
    '"session_id":"bench","total_cost_usd":0,"usage":{"input_tokens":1,"output_tokens":1}}\n',
);
