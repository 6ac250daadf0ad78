package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonProperty;

/**
 * One validation check of a point's output, such as "order" or "checksum".
 *
 * @param name what was checked
 * @param passed whether it held
 * @param detail what was seen: the figures compared, or the first position where it failed
 */
public record Check(
    @JsonProperty("name") String name,
    @JsonProperty("passed") boolean passed,
    @JsonProperty("detail") String detail) {}
