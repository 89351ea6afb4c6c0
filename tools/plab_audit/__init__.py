"""An auditor of plab results folders that shares no code with the engine."""
