# SPDX-License-Identifier: Zlib
# The art: committed assets match their sources, load with SDL_image, and
# describe every clip the simulation names.
if(TARGET artgen)
  add_executable(test_assets test_assets.c)
  target_link_libraries(test_assets PRIVATE artgen game level json cjson
                        SDL2_image::SDL2_image SDL2::SDL2 PkgConfig::CHECK)
  target_compile_definitions(test_assets PRIVATE
    ART_DIR="${PROJECT_SOURCE_DIR}/art"
    ASSETS_DIR="${PROJECT_SOURCE_DIR}/assets")
  # level's internal header: the worlds' names, which tiles.png's rows follow
  target_include_directories(test_assets PRIVATE ${PROJECT_SOURCE_DIR}/src/level/internal)
  add_test(NAME test_assets COMMAND test_assets)
endif()
