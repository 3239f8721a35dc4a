/**
 * DeepSeek V3.2 / V4 prefix every DSML tag with `｜DSML｜`. Served replies also carry it with each bar
 * doubled (`<｜｜DSML｜｜invoke name="..">`, as DeepSeek's API leaked it into text): one marker
 * whatever the number of full-width bars on each side, so every DSML reader and framing rule takes the
 * same spellings. The letters come in either width too: DeepSeek V4 served through Ollama writes them
 * full-width like the bars (`<｜ＤＳＭＬ｜invoke name="..">`), and read as prose that call would be
 * answered as text. A regular-expression source; its closing tags are built from the opening tag as written.
 */
export const dsmlMarker = '｜+(?:DSML|ＤＳＭＬ)｜+';
