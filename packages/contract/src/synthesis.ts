// Result and input types of the synthesis area; filled in by the work on that area.
export {};
