// Result and input types of the report area; filled in by the work on that area.
export {};
