/**
 * DeepSeek V3.2 / V4 prefix every DSML tag with `｜DSML｜`. Served replies also carry it with each bar
 * doubled (`<｜｜DSML｜｜invoke name="..">`, as DeepSeek's API leaked it into text): one marker
 * whatever the number of full-width bars on each side, so every DSML reader and framing rule takes the
 * same spellings. A regular-expression source; its closing tags are built from the opening tag as written.
 */
export const dsmlMarker = '｜+DSML｜+';
