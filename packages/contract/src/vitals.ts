// Result and input types of the vitals area; filled in by the work on that area.
export {};
