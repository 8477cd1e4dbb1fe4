# SPDX-License-Identifier: Zlib
# Inputs within the documented limits that once hung the game or ate its
# memory, each made at test time by `limits` (megabytes, never committed)
# and run under a ceiling of 10 s of processor time and 1 GiB (the label
# limits; .ci/run runs it with the rest): `ctest -L limits`.
add_executable(limits limits.c)
target_link_libraries(limits PRIVATE PkgConfig::ZLIB PkgConfig::ZSTD)
if(SANITIZE)
  # the sanitizers reserve terabytes of address space and run slower:
  # the time ceiling alone, raised
  target_compile_definitions(limits PRIVATE LIMITS_SANITIZED)
endif()
foreach(case tiled_bad_gids tiled_bad_gids_layers tiled_zstd_layers tiled_zlib_layers
             big_blocks big_blocks_walkers big_blocks_invalid replay_fifo jitter_1000_jumps render_music_long)
  add_test(NAME limits_${case}
           COMMAND limits ${case} $<TARGET_FILE:platformer> ${CMAKE_CURRENT_BINARY_DIR}/limits-scratch)
  set_tests_properties(limits_${case} PROPERTIES LABELS limits)
endforeach()
