# SPDX-License-Identifier: Zlib
# Fuzz targets. With -DFUZZ=ON (clang) each is a libFuzzer program; without
# it each is linked with fuzz/driver.c and ctest runs it over the kept
# regression inputs and the seed files, so every past finding stays a test.
function(platformer_fuzz name)
  cmake_parse_arguments(F "" "SOURCE" "LIBS;INPUTS" ${ARGN})
  if(FUZZ)
    add_executable(${name} ${F_SOURCE})
    target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  else()
    add_executable(${name} ${F_SOURCE} fuzz/driver.c)
    add_test(NAME ${name}_inputs COMMAND ${name} ${F_INPUTS})
    set_tests_properties(${name}_inputs PROPERTIES LABELS fuzz)
  endif()
  target_link_libraries(${name} PRIVATE ${F_LIBS})
endfunction()

platformer_fuzz(fuzz_replay SOURCE fuzz/fuzz_replay.c LIBS game
  INPUTS ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/regressions/replay)

set(fuzz_dir ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/regressions)
platformer_fuzz(fuzz_level SOURCE fuzz/fuzz_level.c LIBS level game
  INPUTS ${fuzz_dir}/level ${CMAKE_CURRENT_SOURCE_DIR}/levels/broken)
platformer_fuzz(fuzz_tiled SOURCE fuzz/fuzz_tiled.c LIBS level game
  INPUTS ${fuzz_dir}/tiled)
platformer_fuzz(fuzz_save SOURCE fuzz/fuzz_save.c LIBS save
  INPUTS ${fuzz_dir}/save)
platformer_fuzz(fuzz_pack SOURCE fuzz/fuzz_pack.c LIBS save
  INPUTS ${fuzz_dir}/pack)
target_compile_definitions(fuzz_pack PRIVATE PACK_SOURCE="${PROJECT_SOURCE_DIR}/packs/pips-trials")
platformer_fuzz(fuzz_tiled_files SOURCE fuzz/fuzz_tiled_files.c LIBS level game
  INPUTS ${fuzz_dir}/tiled_files)
target_compile_definitions(fuzz_tiled_files PRIVATE SOURCE_TREE="${PROJECT_SOURCE_DIR}")
